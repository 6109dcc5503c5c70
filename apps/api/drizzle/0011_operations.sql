-- Reserved for the operations migration: its owner replaces this line with the real statements.
SELECT 1;
