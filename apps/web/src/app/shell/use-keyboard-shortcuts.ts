import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Alt + letter → screen (each menu item announces its letter: menu.ts). */
const destinations: Record<string, string> = {
  g: '/dashboard',
  t: '/tickets',
  c: '/customers',
  m: '/messages',
  s: '/settings',
};

const nonTextInputs = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** True while the user is typing: shortcuts must not steal their keys. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !nonTextInputs.has(target.type);
}

/** The letter pressed, from the physical key so macOS's Option characters (Alt+G = ©) still count. */
function letterOf(event: KeyboardEvent): string {
  if (/^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  return event.key.toLowerCase();
}

/**
 * Alt+G painel, Alt+T chamados, Alt+C clientes, Alt+M mensagens, Alt+S configurações, Alt+L sair,
 * Alt+N opens or closes the notifications panel (a `toggle-notifications` window event).
 */
export function useKeyboardShortcuts(signOut: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      const letter = letterOf(event);
      const destination = destinations[letter];
      if (destination) {
        event.preventDefault();
        navigate(destination);
      } else if (letter === 'l') {
        event.preventDefault();
        signOut(); // forgets the session and goes to /login, replacing the current entry
      } else if (letter === 'n') {
        event.preventDefault();
        window.dispatchEvent(new Event('toggle-notifications'));
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, signOut]);
}
