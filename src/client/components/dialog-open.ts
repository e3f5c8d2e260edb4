/** What every dialog takes from the screen that owns it: whether it is open, and the way to close it. */
export type DialogOpenProps = { open: boolean; onOpenChange: (open: boolean) => void };
