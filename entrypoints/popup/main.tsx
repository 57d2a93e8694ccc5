import { render } from 'preact';
render(<p>popup</p>, document.getElementById('app') as HTMLElement);
