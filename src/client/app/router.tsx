import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/home/components/home-page.js';
import { NotFoundPage } from './not-found-page.js';

export const router = createBrowserRouter([
  { path: '/', element: <HomePage /> },
  { path: '*', element: <NotFoundPage /> },
]);
