// While answers of this page wait to be saved (the store could not take them yet), the
// browser asks before the page is closed or left (trainer/ui/unsaved.py draws this with
// the count waiting; the page's fragment tries them again every few seconds).

let waiting = 0;
let listening = false;

function warn(event) {
  if (waiting > 0) {
    event.preventDefault();
    event.returnValue = "";  // the browser shows its own words: leave, or stay
  }
}

export default function (component) {
  const { data } = component;
  waiting = data && Number.isFinite(data.waiting) ? data.waiting : 0;
  document.documentElement.dataset.unsavedAnswers = String(waiting);
  if (!listening) {
    window.addEventListener("beforeunload", warn);
    listening = true;
  }
  return () => {
    // drawn no more: nothing waits (the page is drawn without the watcher only then)
    waiting = 0;
    document.documentElement.dataset.unsavedAnswers = "0";
  };
}
