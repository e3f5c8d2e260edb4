import { useRef, type ComponentProps, type RefObject } from 'react';
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
 * Whether a press "outside" a popover landed on `element` (its button, its box): one that opens and
 * closes the popover itself, so Radix must not close it as a press outside as well.
 */
export const isWithin = (element: RefObject<HTMLElement | null>, event: { target: EventTarget | null }) =>
  event.target instanceof Node && !!element.current?.contains(event.target);

/**
 * A popover whose button is a plain one, drawn before this code is loaded (the notification bell: Radix's
 * popover and its positioning stay out of the admin shell's first load until the panel is first opened).
 * It does what a `PopoverTrigger` would: the panel sits by `button`; a press on the button is left to the
 * button's own toggle rather than closing the panel as a click outside; on close, focus goes back to the
 * button unless it moved elsewhere by a click or tab outside. The button says `aria-haspopup="dialog"`,
 * `aria-expanded` and `aria-controls` (the content's `id`) itself.
 */
export function PopoverFromButton({
  open,
  onOpenChange,
  button,
  ...content
}: ComponentProps<typeof PopoverContent> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  button: RefObject<HTMLElement | null>;
}) {
  const leftOutside = useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Anchor virtualRef={button} />
      <PopoverContent
        {...content}
        onInteractOutside={(event) => {
          // As Radix's own trigger: the button's click toggles, so a press on it is not a press outside.
          if (isWithin(button, event)) event.preventDefault();
          else leftOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!leftOutside.current) button.current?.focus();
          leftOutside.current = false;
        }}
      />
    </Popover>
  );
}

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
