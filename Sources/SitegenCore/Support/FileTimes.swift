#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

extension stat {
    /// The modification time in nanoseconds since 1970, spelled the same on Linux and macOS.
    public var modifiedNanoseconds: Int64 {
        #if canImport(Darwin)
        Int64(st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st_mtimespec.tv_nsec)
        #else
        Int64(st_mtim.tv_sec) * 1_000_000_000 + Int64(st_mtim.tv_nsec)
        #endif
    }
}
