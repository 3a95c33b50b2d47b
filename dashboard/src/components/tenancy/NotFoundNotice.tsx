import { SearchX } from 'lucide-react';
import { ButtonRouterLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

/** SPEC §8 "Projekt nicht gefunden" / "Anwendung nicht gefunden": unknown or foreign ids. */
export function NotFoundNotice({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" size={40} />}
      title={title}
      text={text}
      action={<ButtonRouterLink to={backTo}>{backLabel}</ButtonRouterLink>}
    />
  );
}
