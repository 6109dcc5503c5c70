-- Reserved for the teaching migration: its owner replaces this line with the real statements.
SELECT 1;
