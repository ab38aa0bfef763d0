// The page's access problem (no token, a token no longer accepted, no host), shown over every screen until it is solved.
import { useEffect, useState } from 'react';
import { onAccessProblem } from '../api/api.js';
import '../styles/access.css';

export function AccessProblem() {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onAccessProblem(setProblem), []);
  if (problem === null) return null;
  return (
    <p className="access-problem" role="alert" data-testid="access-problem">
      {problem}
    </p>
  );
}
