// The inactivity alert (shop-core spec sections 4 and 9): after `seconds`
// without mouse or keyboard activity (debounced 1 s), an alert offers Continue
// (forces a token refresh and restarts the timer; a failed refresh just
// restarts it) or End session (signs out, marked as for inactivity).
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

// Mouse and keyboard activity; "input" also catches typing that fires no keydown (autofill, IME).
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "input", "wheel", "touchstart"] as const;
const DEBOUNCE_MS = 1000;

export function InactivityAlert({ seconds }: { seconds: number }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const signOut = useFetcher();

  const restart = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), seconds * 1000);
  }, [seconds]);

  useEffect(() => {
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const onActivity = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        if (!dialog.current?.open) restart();
      }, DEBOUNCE_MS);
    };
    restart();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      clearTimeout(debounce);
      clearTimeout(timer.current);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [restart]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const keepGoing = async () => {
    setOpen(false);
    try {
      const response = await fetch("/api/ecom/v1.0/refresh-session-token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ forceRefreshToken: true }),
      });
      if (!response.ok) console.warn(`session refresh failed (${response.status}); timer restarted`);
    } catch (error) {
      console.warn("session refresh failed; timer restarted", error);
    }
    restart();
  };

  return (
    <dialog
      ref={dialog}
      className="inactivity-alert"
      role="alertdialog"
      aria-labelledby="inactivity-title"
      aria-describedby="inactivity-text"
      onCancel={(event) => {
        // Escape means "I'm here": continue.
        event.preventDefault();
        void keepGoing();
      }}
    >
      <h2 id="inactivity-title">Are you still there?</h2>
      <p id="inactivity-text">For your security we will sign you out unless you continue.</p>
      <div className="inactivity-alert__actions">
        <button type="button" className="button button--primary" onClick={() => void keepGoing()}>
          Continue
        </button>
        <signOut.Form method="post" action="/logout">
          <input type="hidden" name="reason" value="inactivity" />
          <button type="submit" className="button">
            End session
          </button>
        </signOut.Form>
      </div>
    </dialog>
  );
}
