import type { ComponentProps } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { floating } from './floating';
import { styled } from './styled';

/**
 * A panel that opens from a button and holds more than a menu does (a list with its own buttons: the
 * staff notifications). Focus moves into it, Escape and a click outside close it, and focus returns
 * to the trigger. A list of commands is a DropdownMenu instead.
 */
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export const PopoverContent = floating(
  PopoverPrimitive.Portal,
  styled(
    PopoverPrimitive.Content,
    'popover-content',
    'z-50 w-80 max-w-[calc(100vw-1rem)] rounded-md border bg-popover text-popover-foreground shadow-md outline-none data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
  ),
);

/**
 * The list that opens under a box to pick its value (the combobox's suggestions, the vehicle picker): in
 * its portal, at the box's start, as wide as the box and never wider than the screen.
 */
export function PickerContent({ className, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align="start"
        sideOffset={4}
        className={cn(
          'z-50 w-(--radix-popover-trigger-width) max-w-[calc(100vw-2rem)] rounded-md border bg-popover text-popover-foreground shadow-md outline-none data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
