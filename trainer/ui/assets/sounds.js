// The table's sounds (trainer/ui/sounds.py): short, quiet sounds made here with Web Audio,
// nothing downloaded. Python sends the cues of the step just drawn ([sound, seconds after
// now]) under a token naming that step; each token is played once. The first token seen for
// a game in this page (a load, a reload, a return to the page) is only remembered, so what
// was played before is never played again.

const played = new Map();  // game -> the last token played (or remembered)
let context = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume();
  return context;
}

// One note: a sine (or triangle) from `freq`, gliding to `to`, fading out over `length`.
function note(ac, when, freq, to, length, gain, type) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type || "sine";
  osc.frequency.setValueAtTime(freq, when);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, when + length);
  amp.gain.setValueAtTime(0.0001, when);
  amp.gain.exponentialRampToValueAtTime(gain, when + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, when + length);
  osc.connect(amp).connect(ac.destination);
  osc.start(when);
  osc.stop(when + length + 0.02);
}

// A card on the table: a short soft brush of noise.
function card(ac, when) {
  const length = 0.05;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / samples.length, 3);
  }
  const source = ac.createBufferSource();
  const filter = ac.createBiquadFilter();
  const amp = ac.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = 2400;
  amp.gain.value = 0.12;
  source.connect(filter).connect(amp).connect(ac.destination);
  source.start(when);
}

const SOUNDS = {
  card,
  peg: (ac, when) => note(ac, when, 520, 380, 0.07, 0.05, "triangle"),  // a wooden tock
  fifteen: (ac, when) => {  // two soft rising notes
    note(ac, when, 660, 0, 0.12, 0.035);
    note(ac, when + 0.09, 990, 0, 0.16, 0.03);
  },
  win: (ac, when) => [523, 659, 784, 1047].forEach((f, n) => note(ac, when + n * 0.11, f, 0, 0.22, 0.035)),
};

export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (reduced && !data.reduced) setStateValue("reduced", true);  // the menu's switch shows it
  const on = data.on === null || data.on === undefined ? !reduced : !!data.on;
  const before = played.get(data.game);
  played.set(data.game, data.token);
  if (before === undefined || before === data.token || !on) return;
  const ac = audio();
  if (!ac) return;
  const now = ac.currentTime + 0.02;
  for (const [name, at] of data.cues || []) {
    const make = SOUNDS[name];
    if (make) make(ac, now + at);
  }
}
