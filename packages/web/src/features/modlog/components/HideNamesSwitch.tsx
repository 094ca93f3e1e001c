import { modLogMessages } from '@commons/shared/modlog';
import { Switch } from '../../../components/ui/Switch';

/** The community setting that hides moderators' names in the public log (in the modtools settings). */
export function HideNamesSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return <Switch label={modLogMessages.hideNames} checked={checked} onChange={onChange} />;
}
