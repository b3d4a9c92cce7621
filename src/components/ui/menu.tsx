import type * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useMenuModule } from './lazy-radix';

export type MenuModule = typeof MenuPrimitive;

/**
 * A dropdown menu (Radix: roving focus, typeahead, Escape, outside click) whose Radix code loads on first use
 * (lazy-radix.ts). Until it is first opened the trigger is a plain button that looks the same: pointer over it or
 * focus fetches Radix, a click or ArrowDown opens the menu with it. `content` renders the menu's content with the
 * loaded module.
 */
export function Menu({
  trigger,
  triggerProps,
  content,
}: {
  trigger: ReactNode;
  triggerProps: ButtonHTMLAttributes<HTMLButtonElement>;
  content: (menu: MenuModule) => ReactNode;
}) {
  const [M, preload, activate] = useMenuModule();
  const [open, setOpen] = useState(false);

  if (!M) {
    const openMenu = () => (setOpen(true), activate());
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        {...triggerProps}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={openMenu}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          openMenu();
        }}
      >
        {trigger}
      </button>
    );
  }
  return (
    <M.Root open={open} onOpenChange={setOpen}>
      <M.Trigger asChild>
        <button type="button" {...triggerProps}>
          {trigger}
        </button>
      </M.Trigger>
      {content(M)}
    </M.Root>
  );
}
