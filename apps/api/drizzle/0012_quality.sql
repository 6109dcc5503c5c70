-- Reserved for the quality migration: its owner replaces this line with the real statements.
SELECT 1;
