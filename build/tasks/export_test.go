package tasks

// CPUSeconds is cpuSeconds, for the tests of the package from outside.
var CPUSeconds = cpuSeconds
