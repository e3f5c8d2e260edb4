import type { ComponentProps, ElementType, ReactNode } from 'react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { CheckIcon, ChevronRightIcon, CircleIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { floating } from './floating';
import { styled } from './styled';

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;
export const DropdownMenuPortal = DropdownMenuPrimitive.Portal;
export const DropdownMenuSub = DropdownMenuPrimitive.Sub;
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup;

const itemClass =
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none transition-colors focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4';

export const DropdownMenuContent = floating(
  DropdownMenuPrimitive.Portal,
  styled(
    DropdownMenuPrimitive.Content,
    'dropdown-menu-content',
    'z-50 min-w-40 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
  ),
);

const Item = styled(DropdownMenuPrimitive.Item, 'dropdown-menu-item', itemClass);

export function DropdownMenuItem({
  className,
  inset,
  variant = 'default',
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item> & {
  inset?: boolean;
  variant?: 'default' | 'destructive';
}) {
  return (
    <Item
      className={cn(
        inset && 'pl-8',
        variant === 'destructive' &&
          'text-destructive focus:bg-destructive focus:text-destructive-foreground',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A checkbox or radio item: the caller's label with `mark` in the left gutter while the item is chosen.
 * The two items differ only in their mark.
 */
function markedItem<
  T extends typeof DropdownMenuPrimitive.CheckboxItem | typeof DropdownMenuPrimitive.RadioItem,
>(Primitive: T, mark: ReactNode) {
  const StyledItem: ElementType = styled(Primitive, null, `${itemClass} pl-8`);
  return function MarkedItem({ children, ...props }: ComponentProps<T>) {
    return (
      <StyledItem {...props}>
        <span className="absolute left-2 flex size-3.5 items-center justify-center">
          <DropdownMenuPrimitive.ItemIndicator>{mark}</DropdownMenuPrimitive.ItemIndicator>
        </span>
        {children}
      </StyledItem>
    );
  };
}

export const DropdownMenuCheckboxItem = markedItem(
  DropdownMenuPrimitive.CheckboxItem,
  <CheckIcon className="size-4" aria-hidden="true" />,
);
export const DropdownMenuRadioItem = markedItem(
  DropdownMenuPrimitive.RadioItem,
  <CircleIcon className="size-2 fill-current" aria-hidden="true" />,
);

export function DropdownMenuLabel({
  className,
  inset,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label> & { inset?: boolean }) {
  return (
    <DropdownMenuPrimitive.Label
      className={cn('px-2 py-1.5 text-sm font-semibold', inset && 'pl-8', className)}
      {...props}
    />
  );
}

export const DropdownMenuSeparator = styled(
  DropdownMenuPrimitive.Separator,
  null,
  '-mx-1 my-1 h-px bg-border',
);
export const DropdownMenuShortcut = styled(
  'span',
  null,
  'ml-auto text-xs tracking-widest text-muted-foreground',
);

export function DropdownMenuSubTrigger({
  className,
  inset,
  children,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.SubTrigger> & { inset?: boolean }) {
  return (
    <DropdownMenuPrimitive.SubTrigger
      className={cn(itemClass, 'data-[state=open]:bg-accent', inset && 'pl-8', className)}
      {...props}
    >
      {children}
      <ChevronRightIcon className="ml-auto size-4" aria-hidden="true" />
    </DropdownMenuPrimitive.SubTrigger>
  );
}

const SubContent = styled(
  DropdownMenuPrimitive.SubContent,
  null,
  'z-50 min-w-32 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-lg',
);

export function DropdownMenuSubContent(props: ComponentProps<typeof DropdownMenuPrimitive.SubContent>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <SubContent {...props} />
    </DropdownMenuPrimitive.Portal>
  );
}
