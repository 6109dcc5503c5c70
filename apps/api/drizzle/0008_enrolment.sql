-- Reserved for the enrolment migration: its owner replaces this line with the real statements.
SELECT 1;
