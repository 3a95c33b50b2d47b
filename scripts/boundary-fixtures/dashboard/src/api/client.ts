// Bad: the API client sits below the views.
import { Button } from '../ui/Button';

export const client = Button;
