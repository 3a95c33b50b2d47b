// Bad: the design system knows no screen.
import { Home } from '../pages/Home';

export const Button = Home;
