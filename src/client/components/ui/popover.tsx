import { Popover as PopoverPrimitive } from 'radix-ui';
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
