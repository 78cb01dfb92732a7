import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

interface ChatActionsMenuProps<A extends string> {
  /** The menu button's accessible name. */
  label: string;
  actions: readonly A[];
  /** An action's menu item text. */
  itemLabel: (action: A) => string;
  /** The action's Cancel / Yes question (PRODUCT.md §2.8), or null to run it at once. */
  question: (action: A) => string | null;
  /** Runs the action; the question closes once it has settled (its errors are the caller's). */
  onRun: (action: A) => Promise<unknown>;
  isPending: boolean;
}

/** A chat actions menu (a conversation's, a participant's) whose lossy actions ask first. */
export function ChatActionsMenu<A extends string>({
  label,
  actions,
  itemLabel,
  question,
  onRun,
  isPending,
}: ChatActionsMenuProps<A>) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<A | null>(null);
  const run = (action: A) => {
    void onRun(action)
      .catch(() => undefined)
      .finally(() => setConfirming(null));
  };
  const choose = (action: A) => {
    setAnchor(null);
    if (question(action)) setConfirming(action);
    else run(action);
  };
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem key={action} onClick={() => choose(action)}>
            {itemLabel(action)}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? (question(confirming) ?? '') : ''}
        cancelLabel={t('common.cancel')}
        isPending={isPending}
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
