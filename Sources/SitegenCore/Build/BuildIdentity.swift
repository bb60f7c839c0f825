import Foundation

/// What makes two builds' outputs comparable: the same generator. A version string is not enough
/// (a developer rebuilds sitegen without changing it), so the running executable's own bytes are
/// digested too; any change to the code makes the next build a full one.
public enum BuildIdentity {
    public static let executableDigest: String = {
        let candidates = [URL(fileURLWithPath: "/proc/self/exe"), Bundle.main.executableURL].compactMap { $0 }
        for url in candidates {
            if let data = try? Data(contentsOf: url.resolvingSymlinksInPath(), options: .mappedIfSafe) {
                return Digest.of(data).description
            }
        }
        return "unknown"
    }()
}
