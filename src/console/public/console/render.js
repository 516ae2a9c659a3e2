// Draws the sessions from the service's data. Text goes in through textContent only, never as
// markup, and what a person is using (an open Edit box, ticked boxes) survives each refresh.

const cards = new Map();
let words = { labels: {}, headings: {}, buttons: {}, categories: {} };
let actions = {
  answer: async () => undefined,
  cancelAll: async () => undefined,
  approve: async () => undefined,
  grant: async () => undefined,
  revoke: async () => undefined,
  chart: async () => '',
};
// a long content shows its head until "Show all" is pressed
const CLIP_LINES = 24;
const CLIP_CHARS = 2400;

/** Sets the words of the chosen language and the callbacks of the buttons. */
export function configure(nextWords, nextActions) {
  words = nextWords;
  if (nextActions) actions = nextActions;
}

const label = (key) => words.labels[key] ?? key;

/** Fills every [data-label] and [data-heading] under `root` in the current language. */
export function applyLabels(root) {
  for (const element of root.querySelectorAll('[data-label]')) element.textContent = label(element.dataset.label);
  for (const element of root.querySelectorAll('[data-heading]'))
    element.textContent = words.headings[element.dataset.heading] ?? '';
  for (const element of root.querySelectorAll('[data-category]'))
    element.textContent = words.categories[element.dataset.category] ?? '';
  for (const element of root.querySelectorAll('button[data-action]')) element.textContent = buttonLabel(element);
}

function buttonLabel(button) {
  const { action, promptLabel, open } = button.dataset;
  if (action === 'details' && open === 'true') return label('hideDetails');
  // a tool call's buttons speak the console's language; a control-file change keeps its own words
  return button.dataset.kind === 'call' ? (words.buttons[action] ?? promptLabel) : promptLabel;
}

function cloneTemplate(id) {
  return document.getElementById(id).content.firstElementChild.cloneNode(true);
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function parseSvg(text) {
  const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  return svg.nodeName === 'svg' ? document.importNode(svg, true) : document.createTextNode('');
}

/** Shows the decision an answer got on the session's card. */
export function showDecision(sessionId, decision) {
  const card = cards.get(sessionId);
  if (!card) return;
  const line = card.root.querySelector('.last-decision');
  const output = line.querySelector('output');
  output.textContent = `${decision.verdict} · ${decision.code}${decision.reason ? ` — ${decision.reason}` : ''}`;
  output.dataset.verdict = decision.verdict;
  output.dataset.code = decision.code;
  line.hidden = false;
}

function fillPrompt(root, sessionId, call) {
  const { prompt } = call;
  root.querySelector('.action').textContent = prompt.action;
  root.querySelector('.why').textContent = prompt.why;
  root.querySelector('.risk').textContent = prompt.risk;
  root.querySelector('.changes').replaceChildren(...prompt.changes.map((change) => element('li', '', change)));
  const details = root.querySelector('.details');
  for (const detail of prompt.details) {
    details.append(element('dt', '', `${detail.category}: ${detail.risk}`));
    for (const item of detail.details) details.append(element('dd', '', `${item.label}: ${item.value}`));
  }
  const buttons = prompt.actions.map((action) => {
    const button = element('button', `answer answer-${action.id}`);
    button.type = 'button';
    Object.assign(button.dataset, { action: action.id, promptLabel: action.label, kind: call.kind });
    button.addEventListener('click', () => press(root, sessionId, call, button));
    return button;
  });
  root.querySelector('.buttons').replaceChildren(...buttons);
  // the prompt's own words name the grant; the button gives exactly that grant
  if (call.grant && prompt.grant) {
    const offer = root.querySelector('.grant-offer');
    offer.hidden = false;
    offer.querySelector('.grant-text').textContent = prompt.grant;
    offer
      .querySelector('.allow-like-this')
      .addEventListener('click', () => void actions.grant(sessionId, call.grant, root.querySelector('.answer-error')));
  }
}

function press(root, sessionId, call, button) {
  const { action } = button.dataset;
  if (action === 'details') {
    const details = root.querySelector('.details');
    details.hidden = !details.hidden;
    button.dataset.open = String(!details.hidden);
    button.textContent = buttonLabel(button);
  } else if (action === 'edit') {
    const form = root.querySelector('.edit-form');
    form.hidden = false;
    root.querySelector('.edit-hint').textContent = label(call.args ? 'editHint' : 'argsUnknown');
    const area = root.querySelector('.edit-args');
    if (area.value === '') area.value = JSON.stringify(call.args ?? {}, null, 2);
    area.focus();
  } else {
    void actions.answer(sessionId, call.approval_id, action, root.querySelector('.answer-error'));
  }
}

function editSubmitted(root, sessionId, call, event) {
  event.preventDefault();
  const error = root.querySelector('.edit-form .error');
  let args;
  try {
    args = JSON.parse(root.querySelector('.edit-args').value);
  } catch {
    args = undefined;
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    error.textContent = label('invalidJson');
    return;
  }
  error.textContent = '';
  void actions.answer(sessionId, call.approval_id, { edit: args }, error);
}

/** The head of a long text, or undefined when the text is short enough to show whole. */
function clipOf(text) {
  let head = text.split('\n').slice(0, CLIP_LINES).join('\n');
  if (head.length > CLIP_CHARS) head = head.slice(0, CLIP_CHARS);
  return head.length < text.length ? `${head}\n…` : undefined;
}

// a diff's lines as text spans, marked by their first character, so additions and removals stand out
function diffLines(text) {
  return text.split('\n').map((line, index, lines) => {
    const kind = line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : 'same';
    return element('span', `diff-${kind}`, index < lines.length - 1 ? `${line}\n` : line);
  });
}

/** A monospace block of `text`, clipped with a "Show all" toggle; written as text, never as markup. */
function textBlock(className, text, asDiff = false) {
  const block = element('div', 'text-block');
  const pre = element('pre', className);
  const head = clipOf(text);
  const fill = (whole) => {
    const shown = whole || head === undefined ? text : head;
    if (asDiff) pre.replaceChildren(...diffLines(shown));
    else pre.textContent = shown;
  };
  fill(false);
  block.append(pre);
  if (head !== undefined) {
    const toggle = element('button', 'show-all');
    toggle.type = 'button';
    toggle.dataset.label = 'showAll';
    toggle.addEventListener('click', () => {
      const open = toggle.dataset.label === 'showAll';
      fill(open);
      toggle.dataset.label = open ? 'showLess' : 'showAll';
      toggle.textContent = label(toggle.dataset.label);
    });
    block.append(toggle);
  }
  return block;
}

/** A labelled element whose words follow the chosen language. */
function labelled(tag, className, key) {
  const node = element(tag, className, label(key));
  node.dataset.label = key;
  return node;
}

/** What the call would write, edit or run, so it is judged without its JSON. */
function fillContent(root, content) {
  const section = root.querySelector('.content');
  if (!content) return;
  section.hidden = false;
  section.dataset.content = content.kind;
  section.querySelector('.content-kind').dataset.label = `content_${content.kind}`;
  const where = content.kind === 'command' ? content.cwd : content.path;
  const path = section.querySelector('.content-path');
  path.hidden = !where;
  path.textContent = where ?? '';
  // a command's folder reads "Runs in <folder>"; a file's path follows its verb
  if (content.kind === 'command' && where) path.before(labelled('span', 'content-in', 'inFolder'), ' ');
  const body = section.querySelector('.content-body');
  if (content.kind === 'command') body.append(textBlock('content-command', content.text));
  else if (content.kind === 'diff') body.append(textBlock('content-diff', content.text, true));
  else if (content.kind === 'write')
    body.append(
      content.text === null ? labelled('p', 'content-none', 'noContent') : textBlock('content-text', content.text),
    );
  else if (content.kind === 'edit') {
    for (const edit of content.edits) {
      const before = element('div', 'edit-old');
      before.append(labelled('span', 'edit-label', 'oldText'), textBlock('content-old', edit.old));
      const after = element('div', 'edit-new');
      after.append(labelled('span', 'edit-label', 'newText'), textBlock('content-new', edit.new));
      const pair = element('div', 'edit-pair');
      pair.append(before, after);
      body.append(pair);
    }
  }
}

/** A held call past its time: greyed, its Continue and Edit off, said so; Cancel still clears it. */
function updateHeld(root, call) {
  const expired = call.expired === true;
  root.classList.toggle('expired', expired);
  root.dataset.expired = String(expired);
  const note = root.querySelector('.expired-note');
  note.hidden = !expired;
  if (call.expires_at)
    root.title = `${new Date(call.held_at).toLocaleTimeString()} → ${new Date(call.expires_at).toLocaleTimeString()}`;
  for (const button of root.querySelectorAll(
    'button[data-action="continue"], button[data-action="edit"], .allow-like-this, .decide-again',
  ))
    button.disabled = expired;
}

function createHeld(sessionId, call) {
  const root = cloneTemplate('held-template');
  root.dataset.approval = call.approval_id;
  root.dataset.kind = call.kind;
  fillPrompt(root, sessionId, call);
  fillContent(root, call.content);
  root.querySelector('.edit-form').addEventListener('submit', (event) => editSubmitted(root, sessionId, call, event));
  root.querySelector('.close-edit').addEventListener('click', () => (root.querySelector('.edit-form').hidden = true));
  applyLabels(root);
  return root;
}

function createCard(sessionId, categories) {
  const root = cloneTemplate('session-template');
  root.dataset.session = sessionId;
  root.querySelector('.session-id').textContent = sessionId;
  const boxes = categories.map((category) => {
    const row = element('label', 'category');
    const box = element('input');
    Object.assign(box, { type: 'checkbox', value: category });
    const risk = element('span', 'category-risk');
    risk.dataset.category = category;
    row.append(box, ' ', element('code', '', category), ' ', risk);
    return row;
  });
  root.querySelector('.categories').replaceChildren(...boxes);
  const card = { root, held: new Map(), calls: [], chartState: undefined };
  // every held tool call of the session, answered with Cancel one by one through the approvals route
  root.querySelector('.cancel-all').addEventListener('click', () => {
    const ids = card.calls.filter((call) => call.kind === 'call').map((call) => call.approval_id);
    if (ids.length > 0) void actions.cancelAll(sessionId, ids, root.querySelector('.cancel-all-error'));
  });
  const form = root.querySelector('.approve-form');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const error = form.querySelector('.error');
    const chosen = [...form.querySelectorAll('input:checked:not(:disabled)')].map((box) => box.value);
    error.textContent = chosen.length === 0 ? label('pickCategory') : '';
    if (chosen.length > 0) void actions.approve(sessionId, chosen, error);
  });
  applyLabels(root);
  return card;
}

function updateChart(card, statePath) {
  if (card.chartState === statePath) return;
  card.chartState = statePath;
  actions.chart(statePath).then(
    (text) => card.chartState === statePath && card.root.querySelector('.chart-slot').replaceChildren(parseSvg(text)),
    () => (card.chartState = undefined),
  );
}

/** What a person recognizes the session by: its agent, workspace and intent, then its first prompt; the id stays, small. */
function updateLabel(root, session) {
  const { label: named } = session;
  const intent = session.active_intent;
  const agent = named?.agent ?? (named?.via_hook ? label('agentHook') : null);
  const parts = [
    agent,
    named?.workspace,
    intent ? `${intent.id}${intent.name ? ` — ${intent.name}` : ''}` : null,
  ].filter((part) => part);
  const title = root.querySelector('.session-title');
  title.textContent = parts.length > 0 ? parts.join(' · ') : `${label('session')} ${session.session_id.slice(0, 8)}`;
  title.title = named?.workspace_path ?? '';
  const prompt = root.querySelector('.session-prompt');
  prompt.hidden = !named?.first_prompt;
  prompt.textContent = named?.first_prompt ? `“${named.first_prompt}”` : '';
  prompt.title = label('firstPrompt');
  // a session whose kept record fails its MAC: every call is refused, and the card says why instead of a state
  root.dataset.refused = session.refused ? 'true' : 'false';
  if (session.refused) {
    title.textContent = `⚠ ${title.textContent}`;
    prompt.hidden = false;
    prompt.textContent = session.refused;
  }
}

/** What the session read that the flow rules remember, and the call that started each mark (docs/safe-mode.md#flow-rules). */
function updateFlow(root, sessionId, flow) {
  const facts = root.querySelector('.facts');
  let value = facts.querySelector('.flow-fact');
  if (!value) {
    const term = element('dt', '', words.labels.flow ?? 'Flow');
    value = element('dd', 'flow-fact', '');
    facts.append(term, value);
  }
  const marks = flow ? ['secret', 'untrusted'].filter((kind) => flow[kind]) : [];
  const source = (mark) => `${mark.what} (call ${mark.call}, ${mark.tool})`;
  const text = element('span', 'flow', '');
  text.dataset.flow = flow?.state ?? 'clean';
  text.textContent =
    marks.length === 0
      ? (flow?.state ?? 'clean')
      : `${flow.state}: ${marks.map((kind) => source(flow[kind])).join('; ')}`;
  const error = element('span', 'error', '');
  // a person clears a mark for the rest of the session, through /approve-session with the console's credential
  const buttons = marks.map((kind) => {
    const button = element('button', 'clear-flow', `${words.buttons.clearFlow ?? 'Clear'} ${kind}`);
    button.dataset.kind = kind;
    button.addEventListener('click', () => void actions.grant(sessionId, { clear_flow: [kind] }, error));
    return button;
  });
  value.replaceChildren(text, ...buttons.flatMap((button) => [' ', button]), error);
}

/** How many wait and how many of them are past their time; Cancel all shows while a tool call waits. */
function updateQueue(root, calls) {
  const bar = root.querySelector('.queue-bar');
  bar.hidden = calls.length === 0;
  const expired = calls.filter((call) => call.expired).length;
  const count = root.querySelector('.queue-count');
  count.textContent = `${calls.length} ${label('waitingCount')}${expired > 0 ? `, ${expired} ${label('expiredCount')}` : ''}`;
  count.dataset.waiting = String(calls.length);
  count.dataset.expired = String(expired);
  root.querySelector('.cancel-all').hidden = !calls.some((call) => call.kind === 'call');
}

function updateCard(card, session) {
  const { root } = card;
  const intent = session.active_intent;
  updateLabel(root, session);
  root.querySelector('.state-badge').textContent = session.state_path;
  root.dataset.state = session.state_path;
  root.querySelector('.intent').textContent = intent
    ? `${intent.id}${intent.name ? ` — ${intent.name}` : ''}`
    : label('none');
  root.querySelector('.scope').textContent = intent ? intent.owned_scope.join(', ') : '—';
  root.querySelector('.safe-mode').textContent = label(session.safe_mode ? 'on' : 'off');
  root.querySelector('.approved').textContent =
    session.approved_categories.length > 0 ? session.approved_categories.join(', ') : label('none');
  // an agent's run that ended leaves its session kept for a while, so its held calls can still be answered
  root.querySelector('.run-ended').textContent = session.ended_at
    ? `${new Date(session.ended_at).toLocaleString()} — ${label('keptForResume')}`
    : label('stillRunning');
  for (const box of root.querySelectorAll('.categories input')) {
    const approved = session.approved_categories.includes(box.value);
    if (approved || box.disabled) box.checked = approved;
    box.disabled = approved;
  }
  updateFlow(root, session.session_id, session.flow);
  // the flow region is lit beside the lifecycle's state
  updateChart(card, session.flow ? `${session.state_path} flow.${session.flow.state}` : session.state_path);
  updateContainment(root, session.containment);
  const list = root.querySelector('.held-calls');
  const waiting = new Set(session.held_calls.map((call) => call.approval_id));
  for (const [id, item] of card.held) {
    if (!waiting.has(id)) {
      item.remove();
      card.held.delete(id);
    }
  }
  // appending a card already shown moves it: the list keeps the queue's order, oldest first
  for (const call of session.held_calls) {
    const item = card.held.get(call.approval_id) ?? createHeld(session.session_id, call);
    card.held.set(call.approval_id, item);
    updateHeld(item, call);
    list.append(item);
  }
  card.calls = session.held_calls;
  updateQueue(root, session.held_calls);
  root.querySelector('.nothing-held').hidden = session.held_calls.length > 0;
  updateGrants(root, session);
}

// a reason that starts with what its list's heading already says
const reasonText = (reason) => reason.replace(/^(writable|read-only): /, '');

function placeItem(place) {
  const item = element('li', '', place.shown);
  item.title = place.reason;
  item.dataset.path = place.path;
  return item;
}

/** Whether the session's shell commands run contained, and the profile they get: what may be written, read and reached. */
function updateContainment(root, containment) {
  const section = root.querySelector('.containment');
  section.hidden = !containment;
  if (!containment) return;
  section.dataset.runs = containment.runs;
  section.querySelector('.runs').textContent = label(`runs_${containment.runs}`);
  section.querySelector('.containment-summary').textContent = containment.summary;
  const problem = section.querySelector('.containment-problem');
  problem.hidden = containment.problem === null;
  problem.textContent = containment.problem ?? '';
  const profile = containment.profile;
  const facts = section.querySelector('.containment-profile');
  facts.hidden = !profile;
  if (!profile) return;
  facts.querySelector('.containment-writable').replaceChildren(
    ...profile.writable.map((place) => {
      const item = placeItem(place);
      item.append(element('span', 'reason', ` — ${reasonText(place.reason)}`));
      return item;
    }),
  );
  const inside = profile.read_only.map((place) => place.shown).join(', ');
  facts.querySelector('.containment-read-only').textContent =
    inside === '' ? label('everythingElse') : `${label('everythingElse')}; ${label('insideWritable')}: ${inside}`;
  const masked = facts.querySelector('.containment-masked');
  masked.replaceChildren(...profile.masked.map(placeItem));
  if (profile.masked.length === 0) masked.replaceChildren(element('li', '', label('none')));
  const network = facts.querySelector('.containment-network');
  network.textContent = profile.network.reason;
  network.dataset.open = String(profile.network.open);
}

/** A grant in a line: its categories, its narrowing and how long it lives. */
function describeGrant(grant) {
  const narrowing = [grant.commands, grant.paths, grant.hosts, grant.tools]
    .filter((part) => part !== null)
    .map((part) => part.join(', '));
  const lifetime = grant.until === 'intent' ? `→ ${grant.intent_id ?? ''}` : '';
  const ends = grant.expires_at ? ` ⏱ ${new Date(grant.expires_at).toLocaleTimeString()}` : '';
  return `${grant.id}: ${grant.categories.join(', ')}${narrowing.length > 0 ? ` — ${narrowing.join('; ')}` : ''} ${lifetime}${ends}`.trim();
}

function updateGrants(root, session) {
  const grants = session.grants ?? [];
  const items = grants.map((grant) => {
    const item = element('li', 'grant', describeGrant(grant));
    item.dataset.grant = grant.id;
    if (grant.source === 'human') {
      const button = element('button', 'revoke', label('revoke'));
      button.type = 'button';
      button.addEventListener(
        'click',
        () => void actions.revoke(session.session_id, grant.id, root.querySelector('.grant-error')),
      );
      item.append(' ', button);
    } else {
      item.append(' ', element('em', '', `(${label('fromIntent')})`));
    }
    return item;
  });
  root.querySelector('.grants').replaceChildren(...items);
  root.querySelector('.no-grants').hidden = grants.length > 0;
}

/** Draws the sessions (most recent first); returns how many calls wait. */
export function renderSessions(container, data) {
  const seen = new Set();
  // oldest first, each new one prepended: the most recent ends on top
  for (const session of [...data.sessions].reverse()) {
    seen.add(session.session_id);
    let card = cards.get(session.session_id);
    if (!card) {
      card = createCard(session.session_id, data.categories);
      cards.set(session.session_id, card);
      // a new session goes on top; the others keep their place while a person reads them
      container.prepend(card.root);
    }
    updateCard(card, session);
  }
  for (const [id, card] of cards) {
    if (!seen.has(id)) {
      card.root.remove();
      cards.delete(id);
    }
  }
  return data.sessions.reduce((count, session) => count + session.held_calls.length, 0);
}

/** Forgets every card (after signing out). */
export function clearSessions(container) {
  cards.clear();
  container.replaceChildren();
}
