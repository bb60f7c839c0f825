import Foundation

/// The names of sitegen's lock files, which lie beside the folder they guard (`URL.sidecar`:
/// ".Output.sitegen-lock", ".Content.sitegen-content-lock").
enum LockFileName {
    static let build = ".sitegen-lock"
    static let serve = ".sitegen-serve-lock"
    static let content = ".sitegen-content-lock"
}
