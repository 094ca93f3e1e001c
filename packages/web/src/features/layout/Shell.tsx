import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Toasts } from '../../components/ui/Toasts';
import { useIsMobileLayout } from '../../lib/device';
import { BottomNav } from './BottomNav';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { useNavigationEffects } from './navigation';
import styles from './Shell.module.css';
import { SidebarNav } from './SidebarNav';

const Drawer = lazy(() => import('./Drawer'));

/**
 * The frame of every page: navbar, the sidebar (a drawer on mobile), the page, the footer, and on
 * narrow screens the bottom bar.
 */
export function Shell({ children }: { children: ReactNode }) {
  const mobile = useIsMobileLayout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useNavigationEffects();

  useEffect(() => {
    document.documentElement.dataset.layout = mobile ? 'mobile' : 'desktop';
  }, [mobile]);

  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Navbar mobile={mobile} onOpenDrawer={() => setDrawerOpen(true)} />
      <div className={styles.layout}>
        {!mobile && (
          <aside className={styles.sidebar} aria-label="Sidebar">
            <SidebarNav />
          </aside>
        )}
        <div className={styles.content}>
          <main id="main" className={styles.main} tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
      {mobile && <BottomNav />}
      {mobile && drawerOpen && (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
      <Toasts />
    </div>
  );
}
