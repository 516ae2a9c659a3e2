// The approval console: signs in, shows the sessions and their held calls, and keeps them live.
import * as api from './api.js';
import { beep, connect, enableSound, showCount } from './live.js';
import { applyLabels, clearSessions, configure, renderSessions, showDecision } from './render.js';

const $ = (id) => document.getElementById(id);
const LOCALE_KEY = 'intentgate.console.locale';
const SOUND_KEY = 'intentgate.console.sound';
// a slow safety net for changes no event announced
const POLL_MS = 30_000;

let allWords = {};
let disconnect;
let poll;
let waiting = 0;
let refreshing;
let refreshAgain = false;
let expiryTimer;
const charts = new Map();
// the Widen scope form's words, here until the console's labels carry them
const WIDEN_WORDS = {
  en: { legend: "Widen the intent's scope", button: 'Widen scope', adds: 'Adds to', hint: 'scope globs, e.g. docs/**' },
  ru: { legend: 'Расширить область намерения', button: 'Расширить', adds: 'Добавит в', hint: 'шаблоны, напр. docs/**' },
};

function chooseLocale() {
  const stored = localStorage.getItem(LOCALE_KEY);
  if (stored && allWords[stored]) return stored;
  return navigator.language.toLowerCase().startsWith('ru') && allWords.ru ? 'ru' : 'en';
}

function setLocale(locale) {
  document.documentElement.lang = locale;
  $('language').value = locale;
  configure(allWords[locale]);
  applyLabels(document);
}

function show(signedIn) {
  $('sign-in').hidden = signedIn;
  $('console').hidden = !signedIn;
  $('sign-out').hidden = !signedIn;
  $('sound-option').hidden = !signedIn;
  $('status').hidden = !signedIn;
}

function setStatus(live) {
  $('status').dataset.live = String(live);
  $('status').textContent = allWords[$('language').value]?.labels[live ? 'live' : 'offline'] ?? '';
}

async function refresh() {
  // one refresh at a time; events during it ask for one more
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    try {
      const data = await api.sessions();
      const count = renderSessions($('sessions'), data);
      showWidenForms($('sessions'), data.sessions);
      $('no-sessions').hidden = data.sessions.length > 0;
      if (count > waiting && $('sound').checked) beep();
      waiting = count;
      showCount(count);
      refreshAtNextExpiry(data.sessions);
    } catch (error) {
      if (error instanceof api.ApiError && error.status === 401) signedOut();
    } finally {
      refreshing = undefined;
      if (refreshAgain) {
        refreshAgain = false;
        void refresh();
      }
    }
  })();
  return refreshing;
}

/** Redraws when the next held call's time passes, so it greys then rather than at the next poll. */
function refreshAtNextExpiry(sessions) {
  clearTimeout(expiryTimer);
  const times = sessions
    .flatMap((session) => session.held_calls)
    .filter((call) => call.expires_at && !call.expired)
    .map((call) => Date.parse(call.expires_at));
  if (times.length === 0) return;
  const wait = Math.min(...times) - Date.now() + 1000;
  // beyond the poll's interval the poll comes first
  if (wait < POLL_MS) expiryTimer = setTimeout(() => void refresh(), Math.max(wait, 1000));
}

async function chart(state) {
  if (!charts.has(state)) charts.set(state, await api.statechart(state));
  return charts.get(state);
}

/** Sends one change to the service, says in `errorPlace` why it was refused, then redraws. */
async function change(request, errorPlace) {
  try {
    await request();
  } catch (error) {
    report(error, errorPlace);
  }
  await refresh();
}

const answer = (sessionId, approvalId, value, errorPlace) =>
  change(async () => showDecision(sessionId, await api.answer(sessionId, approvalId, value)), errorPlace);
/** Cancels each call in turn; a refusal of one (already answered elsewhere) does not stop the others, and the first is told. */
const cancelAll = (sessionId, approvalIds, errorPlace) =>
  change(async () => {
    let refused;
    for (const approvalId of approvalIds) {
      try {
        await api.answer(sessionId, approvalId, 'cancel');
      } catch (error) {
        if (error instanceof api.ApiError && error.status === 401) throw error;
        refused ??= error;
      }
    }
    if (refused) throw refused;
  }, errorPlace);
const approve = (sessionId, categories, errorPlace) => change(() => api.approve(sessionId, categories), errorPlace);
const grant = (sessionId, suggestion, errorPlace) => change(() => api.grant(sessionId, suggestion), errorPlace);
const revoke = (sessionId, grantId, errorPlace) => change(() => api.revoke(sessionId, grantId), errorPlace);

const widenWords = () => WIDEN_WORDS[$('language').value] ?? WIDEN_WORDS.en;

/** The scope globs typed into a Widen scope form: split at spaces and commas. */
const entriesOf = (text) => text.split(/[\s,]+/).filter((entry) => entry !== '');

/** One session's Widen scope form: the globs a person types, the exact entries it will add, and its button. */
function widenForm(sessionId) {
  const form = document.createElement('form');
  form.className = 'widen-scope-form';
  const fieldset = document.createElement('fieldset');
  const legend = document.createElement('legend');
  const input = Object.assign(document.createElement('input'), { type: 'text', className: 'widen-entries' });
  const preview = Object.assign(document.createElement('output'), { className: 'widen-preview' });
  const button = Object.assign(document.createElement('button'), { type: 'submit', className: 'widen-scope' });
  const error = Object.assign(document.createElement('span'), { className: 'error widen-error' });
  error.setAttribute('role', 'alert');
  fieldset.append(legend, input, ' ', button, preview, error);
  form.append(fieldset);
  const update = () => {
    const words = widenWords();
    legend.textContent = words.legend;
    input.placeholder = words.hint;
    button.textContent = words.button;
    const entries = entriesOf(input.value);
    // exactly what the button will add, to which intent
    preview.textContent = entries.length === 0 ? '' : `${words.adds} ${form.dataset.intent}: ${entries.join(', ')}`;
    button.disabled = entries.length === 0;
  };
  input.addEventListener('input', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const entries = entriesOf(input.value);
    if (entries.length === 0) return;
    error.textContent = '';
    void change(async () => {
      await api.widenScope(sessionId, form.dataset.intent, entries);
      input.value = '';
      update();
    }, error);
  });
  form.refresh = update;
  return form;
}

/** A Widen scope form on each session card that has an active intent, after the cards are drawn. */
function showWidenForms(container, sessions) {
  for (const session of sessions) {
    const card = container.querySelector(`.session[data-session="${CSS.escape(session.session_id)}"]`);
    if (!card) continue;
    let form = card.querySelector('.widen-scope-form');
    if (!form) {
      form = widenForm(session.session_id);
      card.querySelector('.approve-form').after(form);
    }
    form.hidden = !session.active_intent;
    form.dataset.intent = session.active_intent?.id ?? '';
    form.refresh();
  }
}

function report(error, place) {
  if (error instanceof api.ApiError && error.status === 401) return signedOut();
  const words = allWords[$('language').value]?.labels ?? {};
  const message = `${words.failed ?? 'Refused'}: ${error.message}`;
  if (place instanceof HTMLElement && place.classList.contains('error')) place.textContent = message;
  else alert(message);
}

function signedIn() {
  show(true);
  disconnect?.();
  disconnect = connect(() => void refresh(), setStatus);
  clearInterval(poll);
  poll = setInterval(() => void refresh(), POLL_MS);
  void refresh();
}

function signedOut() {
  disconnect?.();
  disconnect = undefined;
  clearInterval(poll);
  clearTimeout(expiryTimer);
  clearSessions($('sessions'));
  waiting = 0;
  showCount(0);
  show(false);
  $('token').focus();
}

async function signIn(credential) {
  $('sign-in-error').textContent = '';
  try {
    await api.signIn(credential);
    $('token').value = '';
    signedIn();
  } catch (error) {
    const words = allWords[$('language').value]?.labels ?? {};
    $('sign-in-error').textContent = `${words.signInFailed ?? 'Sign-in failed'}: ${error.message}`;
    show(false);
  }
}

/** A one-time code in the fragment: taken out of the address at once, then posted. */
function takeCodeFromFragment() {
  const match = /^#sign-in=([A-Za-z0-9_-]{1,256})$/.exec(location.hash);
  if (!location.hash.startsWith('#sign-in=')) return undefined;
  history.replaceState(null, '', location.pathname + location.search);
  return match?.[1];
}

async function start() {
  const code = takeCodeFromFragment();
  allWords = await api.labels();
  setLocale(chooseLocale());
  $('language').addEventListener('change', () => {
    localStorage.setItem(LOCALE_KEY, $('language').value);
    setLocale($('language').value);
    setStatus($('status').dataset.live === 'true');
    // the cards' own values (on, off, none) are written at each refresh
    if (!$('console').hidden) void refresh();
  });
  $('sound').checked = localStorage.getItem(SOUND_KEY) === 'on';
  // a stored choice can start the sound only with the page's first gesture
  document.addEventListener('click', () => enableSound($('sound').checked), { once: true });
  $('sound').addEventListener('change', () => {
    localStorage.setItem(SOUND_KEY, $('sound').checked ? 'on' : 'off');
    enableSound($('sound').checked);
  });
  $('sign-in-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void signIn({ token: $('token').value });
  });
  $('sign-out').addEventListener('click', () => void api.signOut().finally(signedOut));
  configure(allWords[$('language').value], { answer, cancelAll, approve, grant, revoke, chart });
  // a link opened where the page is already loaded changes only the fragment
  window.addEventListener('hashchange', () => {
    const next = takeCodeFromFragment();
    if (next !== undefined) void signIn({ code: next });
  });
  if (code !== undefined) return signIn({ code });
  if (await api.resume()) signedIn();
  else signedOut();
}

void start();
