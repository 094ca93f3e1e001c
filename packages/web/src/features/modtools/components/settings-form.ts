import type { Community } from '@commons/shared';
import type { CommunitySettings } from '../api/update-community';

/** What the settings tab edits, as stored. */
export function settingsOf(community: Community): CommunitySettings {
  return {
    about: community.about ?? '',
    postingRestricted: community.postingRestricted,
    isDefault: community.isDefault ?? false,
    modlogHideNames: community.modlogHideNames ?? false,
  };
}

/** Save is enabled only when something differs from what is stored (secondary §4). */
export function settingsChanged(form: CommunitySettings, saved: CommunitySettings): boolean {
  return (
    form.about !== saved.about ||
    form.postingRestricted !== saved.postingRestricted ||
    form.isDefault !== saved.isDefault ||
    form.modlogHideNames !== saved.modlogHideNames
  );
}
