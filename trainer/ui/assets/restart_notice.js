// While the server restarts, Streamlit shows its own "Connection error" box, which asks
// whether the internet is connected. This says what is happening in the trainer's words
// (trainer/ui/restart_notice.py): the box is watched for and its words replaced, each time
// Streamlit writes them again.

let watcher = null;
let words = null;

function reword() {
  for (const box of document.querySelectorAll('[role="dialog"]')) {
    const title = box.querySelector("h2");
    if (!title || !/Connection error|restarting/.test(title.textContent)) continue;
    if (title.textContent !== words.title) title.textContent = words.title;
    const body = title.nextElementSibling;
    if (body && body.textContent !== words.text) body.textContent = words.text;
  }
}

export default function (component) {
  const { data } = component;
  words = { title: data.title, text: data.text };
  if (!watcher) {
    watcher = new MutationObserver(reword);
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
  }
  reword();
}
