import { useEffect, useState } from 'react';
import { ui } from '@commons/shared';
import { useDevicePreferences } from '../../lib/device-preferences';

/**
 * On small screens the navbar slides away while the reader scrolls down and returns on the way up
 * (after 20 px of travel); past 50 px it gets a blurred backdrop (core §2). Device setting
 * `top_navbar_autohide_disabled` keeps it put.
 */
export function useNavbarAutohide(enabled: boolean): { hidden: boolean; scrolled: boolean } {
  const [state, setState] = useState({ hidden: false, scrolled: false });
  const autohideDisabled = useDevicePreferences().navbarAutohideDisabled;
  useEffect(() => {
    const allowed = enabled && !autohideDisabled;
    let anchor = window.scrollY;
    let hidden = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const scrolled = y > ui.navbarBlurAfterPx;
      if (!allowed || y <= 0) {
        hidden = false;
        anchor = y;
      } else if (y - anchor > ui.navbarAutohideThresholdPx) {
        hidden = true;
        anchor = y;
      } else if (anchor - y > ui.navbarAutohideThresholdPx) {
        hidden = false;
        anchor = y;
      } else if ((hidden && y > anchor) || (!hidden && y < anchor)) {
        anchor = y; // keep measuring from the turning point
      }
      setState((s) => (s.hidden === hidden && s.scrolled === scrolled ? s : { hidden, scrolled }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enabled, autohideDisabled]);
  return state;
}
