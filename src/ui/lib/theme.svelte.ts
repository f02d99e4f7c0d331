// Light/dark theme: follows the system until the user picks one; remembered in localStorage.
type Theme = 'light' | 'dark';
const KEY = 'sgp:theme';

function initial(): Theme {
  try {
    const t = localStorage.getItem(KEY);
    if (t === 'light' || t === 'dark') return t;
  } catch {
    /* storage unavailable */
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

class ThemeState {
  current = $state<Theme>(initial());

  toggle(): void {
    this.current = this.current === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(KEY, this.current);
    } catch {
      /* storage unavailable */
    }
  }
}

export const theme = new ThemeState();
