// Bad: core/ holds contracts; it depends on nothing above lib/ (here: the database layer).
import type { connect } from '../db/connect.js';

export type Contract = typeof connect;
