const KEY = "cribbage-trainer-session";
const DEVICE = "cribbage-trainer-device";
const sent = new WeakMap();
export default function (component) {
  const { data, parentElement, setStateValue } = component;
  let token = "";
  let device = "";
  try {
    const storage = window.localStorage;
    if (data && typeof data.keep === "string") {
      if (data.keep) storage.setItem(KEY, data.keep);
      else storage.removeItem(KEY);
    }
    if (data && typeof data.device === "string" && data.device) {
      storage.setItem(DEVICE, data.device);
    }
    token = storage.getItem(KEY) || "";
    device = storage.getItem(DEVICE) || "";
  } catch (e) {
    token = device = "";  // storage refused (a private window, say): nobody is kept signed in
  }
  const said = JSON.stringify([token, device]);
  if (sent.get(parentElement) !== said) {
    sent.set(parentElement, said);
    setStateValue("kept", { token, device });  // one value: one run of the page
  }
}
