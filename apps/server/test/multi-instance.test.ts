import { describeTwoInstances } from './support/multi-instance-cases.js';

describeTwoInstances('direct');
