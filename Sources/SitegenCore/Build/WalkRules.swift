import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a walk of the source folders accepts, and what it refused and why. The folders are
/// treated as an attacker would use them: a symbolic link is followed only when it resolves
/// inside one of the `allowed` folders (Content/ and Templates/), once, and never into a loop;
/// only regular files and folders are taken; a file over `sizeLimit` bytes is refused by its
/// stat, before anything reads it.
public final class WalkRules: @unchecked Sendable {
    /// Real paths (symbolic links resolved) of the folders links may point into.
    let allowed: [String]
    let sizeLimit: Int
    private let lock = NSLock()
    private var found: [(path: String, reason: String)] = []

    public init(allowed: [String], sizeLimit: Int) {
        self.allowed = allowed.map { Self.realPath($0) ?? $0 }
        self.sizeLimit = sizeLimit
    }

    /// Every refused path (relative to the walked root) with the reason, in path order.
    public var refused: [(path: String, reason: String)] {
        lock.withLock { found.sorted { $0.path < $1.path } }
    }

    func refuse(_ path: String, _ reason: String) {
        lock.withLock { found.append((path, reason)) }
    }

    /// The real path of the link at `link` when it may be followed, with `info` replaced by the
    /// stat of its target; nil (and the link refused) when it dangles, leaves the allowed
    /// folders or leads back into a folder it lies in.
    func resolve(link: String, in folder: String, path: String, followed: [String], info: inout stat) -> String? {
        guard let target = Self.realPath(link) else {
            refuse(path, "a symbolic link whose target does not exist")
            return nil
        }
        guard allowed.contains(where: { target == $0 || target.hasPrefix($0 + "/") }) else {
            refuse(path, "a symbolic link to \(target), outside the content and templates folders; refused (copy the file in instead)")
            return nil
        }
        guard stat(target, &info) == 0 else {
            refuse(path, "a symbolic link whose target cannot be read (\(String(cString: strerror(errno))))")
            return nil
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let here = Self.realPath(folder) ?? folder
            if followed.contains(target) || here == target || here.hasPrefix(target + "/") {
                refuse(path, "a symbolic link to a folder it lies in (\(target)): a loop; refused")
                return nil
            }
        }
        return target
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
