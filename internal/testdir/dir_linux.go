package testdir

import "syscall"

// shm is where Linux mounts a memory file system for every user.
const shm = "/dev/shm"

// minFree is the room in memory that the tests of one package may fill.
const minFree = 1 << 30

const (
	tmpfsMagic = 0x01021994 // statfs's f_type of a tmpfs
	stNoexec   = 8          // statfs's f_flags bit of a noexec mount
)

// Dir returns a directory of a memory file system in which the tests may
// write and run programs, with at least 1 GiB free, if the system has
// one: /dev/shm when it is a tmpfs mounted for executables.
func Dir() (string, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(shm, &st); err != nil {
		return "", false
	}
	if st.Type != tmpfsMagic || st.Flags&stNoexec != 0 || st.Bavail*uint64(st.Bsize) < minFree {
		return "", false
	}
	if err := syscall.Access(shm, 7); err != nil { // W_OK | X_OK | R_OK
		return "", false
	}
	return shm, true
}
