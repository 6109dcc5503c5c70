-- Reserved for the planning migration: its owner replaces this line with the real statements.
SELECT 1;
