export const Home = 'home';
