// Bad: components sit below pages.
import { Home } from '../pages/Home';

export const Card = Home;
