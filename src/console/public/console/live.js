// Live updates: the server's event stream, the page title and an optional beep.

/** Opens the event stream; `onEvent` gets each event, `onStatus` whether the stream is open. Returns a closer. */
export function connect(onEvent, onStatus) {
  const source = new EventSource('console/events');
  source.addEventListener('session', (message) => {
    try {
      onEvent(JSON.parse(message.data));
    } catch {
      onEvent({ type: 'unknown' });
    }
  });
  source.addEventListener('open', () => onStatus(true));
  source.addEventListener('error', () => onStatus(source.readyState === EventSource.OPEN));
  return () => source.close();
}

/** The title tells a person in another tab how many calls wait: "(2) intentgate". */
export function showCount(count) {
  document.title = count > 0 ? `(${count}) intentgate` : 'intentgate';
}

let audio;

/** Sound needs a gesture to start; the checkbox's click is one. */
export function enableSound(on) {
  if (on && audio === undefined && typeof AudioContext === 'function') audio = new AudioContext();
  if (audio) void (on ? audio.resume() : audio.suspend());
}

/** A short beep made on the spot: no file to load. */
export function beep() {
  if (!audio || audio.state !== 'running') return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = 880;
  gain.gain.value = 0.08;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + 0.15);
}
