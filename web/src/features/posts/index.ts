export { CreatePostsTab } from './components/create-posts';
export { ViewPostsTab } from './components/view-posts';
