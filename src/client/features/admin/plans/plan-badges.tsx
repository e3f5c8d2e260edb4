import { StarIcon } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';

export function PlanStatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'secondary'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** 'Popular' means at least one customer is on the plan. */
export function PopularBadge() {
  return (
    <Badge variant="outline" className="border-primary/40 text-primary">
      <StarIcon aria-hidden="true" />
      Popular
    </Badge>
  );
}
