import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

const SignupModal = lazy(() => import('./SignupModal'));
const LoginPrompt = lazy(() => import('./LoginPrompt'));

interface AuthDialogs {
  openSignup: () => void;
  /** "Login to continue", for a guest who tried something that needs an account. */
  openLoginPrompt: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/** Holds the signup modal and the login prompt; their code loads on first use. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<'signup' | 'prompt' | null>(null);
  const value = useMemo<AuthDialogs>(
    () => ({ openSignup: () => setOpen('signup'), openLoginPrompt: () => setOpen('prompt') }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {open === 'signup' && <SignupModal onClose={close} />}
        {open === 'prompt' && <LoginPrompt onClose={close} onSignup={() => setOpen('signup')} />}
      </Suspense>
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const value = useContext(AuthDialogsContext);
  if (!value) throw new Error('useAuthDialogs needs AuthDialogsProvider');
  return value;
}
