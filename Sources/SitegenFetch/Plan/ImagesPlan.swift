import Foundation
import SitegenCore

/// Copies of the album covers, artist pictures and listener avatars that the cached
/// album.getInfo, artist.getInfo and user.getInfo answers link, in
/// `static/images/lastfm/albums|artists/<cache file name>.<ext>` and `…/users/<listener folder>.<ext>`
/// (static/ is published as it is, so pages serve their own copy rather than hot-link: the
/// build finds the copies with `LocalImages`, which owns the folder and the types).
/// The largest variant is taken: 300 px, the most any template shows. An answer that links no
/// image, or only Last.fm's placeholder star, asks for nothing (the answer itself records it);
/// an image the host answers 404 for leaves an empty `<file>.missing` so it is not asked again.
/// Beside each copy or marker, `.<stem>.source` holds the URL it was made from: when the answer
/// links another URL (a listener's new avatar: user.getInfo is asked every run), the image is
/// asked for again. The record is hidden, so the build neither reads nor publishes it.
enum ImagesPlan {
    static let folder = LocalImages.folder
    /// The Last.fm answers that link an image, by their top-level key.
    static let roots: Set<String> = ["album", "artist", "user"]
    static let extensions = LocalImages.extensions

    /// nil when the link is not an http(s) URL or the name cannot be a file name.
    static func request(link: String, kind: String, stem: String) -> FetchRequest? {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil else { return nil }
        let ext = url.pathExtension.lowercased()
        guard let file = CachePath(folder + [kind, stem + "." + (extensions.contains(ext) ? ext : "img")]) else { return nil }
        return FetchRequest(api: .images, url: url, file: file, expects: .image)
    }

    /// Whether an answer's image link may be asked for: not when its host is this machine or a
    /// network of its own (loopback, private, link-local, unspecified: 169.254.169.254 is a cloud
    /// machine's metadata service), whose answer would be copied into static/ and published.
    /// `trusted` is the host the Last.fm answers come from, which may be a local mirror. A name
    /// that resolves to such an address is caught by `ownNetworkAddress` before it is asked.
    static func mayAsk(host rawHost: String, trusted: String?) -> Bool {
        if isTrusted(rawHost, trusted) { return true }
        // An IPv6 address's zone (`fe80::1%eth0`) names an interface of this machine: the
        // address is judged without it, as inet_pton would not read it.
        let host = bare(rawHost).prefix { $0 != "%" }.description
        if host == "localhost" || host.hasSuffix(".localhost") || host.isEmpty { return false }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return isPublic(ipv4: UInt32(bigEndian: v4.s_addr)) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {  // ::ffff:a.b.c.d
                return isPublic(ipv4: bytes[12...].reduce(0) { $0 << 8 | UInt32($1) })
            }
            let unspecifiedOrLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] <= 1
            let uniqueLocal = bytes[0] & 0xFE == 0xFC
            let linkLocal = bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
            return !(unspecifiedOrLoopback || uniqueLocal || linkLocal)
        }
        // A host of numbers alone ("2130706433", "0x7f.1") is an address to some resolvers.
        return !host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            label.hasPrefix("0x") ? label.dropFirst(2).allSatisfy(\.isHexDigit) : !label.isEmpty && label.allSatisfy(\.isNumber)
        }
    }

    /// Whether `host` is the host the Last.fm answers come from (`trusted`), which is asked
    /// whatever its address.
    static func isTrusted(_ host: String, _ trusted: String?) -> Bool {
        trusted.map { bare($0) == bare(host) } ?? false
    }

    /// A host as a resolver sees it: lower case, without an IPv6 address's brackets or the
    /// root's final dot (`localhost.` is `localhost`).
    private static func bare(_ host: String) -> String {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host.hasSuffix(".") ? String(host.dropLast()) : host
    }

    /// The first address of this machine or a network of its own that `host` resolves to
    /// (`mayAsk`'s rule), or nil: a name of a public server, or one that does not resolve, whose
    /// request then fails on its own. The name is resolved again when the request connects, so
    /// a server that answers differently the second time (DNS rebinding) is not caught.
    static func ownNetworkAddress(resolving host: String) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(bare(host), nil, &hints, &list) == 0, let list else { return nil }
        defer { freeaddrinfo(list) }
        for entry in sequence(first: list, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, entry.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let numeric = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !mayAsk(host: numeric, trusted: nil) { return numeric }
        }
        return nil
    }

    private static func isPublic(ipv4 address: UInt32) -> Bool {
        let blocked: [(UInt32, Int)] = [(0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16),
                                        (0xAC10_0000, 12), (0xC0A8_0000, 16), (0xE000_0000, 3)]
        return !blocked.contains { network, bits in address >> (32 - bits) == network >> (32 - bits) }
    }

    /// Where the URL of the copy of `stem` is recorded; nil for a stem too long to name it.
    static func sourceRecord(kind: String, stem: String) -> CachePath? {
        CachePath(folder + [kind, "." + stem + ".source"])
    }

    /// The stem a file of a kind's folder is the copy (`a.png`, `a.img`) or marker (`a.png.missing`) of.
    static func stem(ofCopy name: String) -> String? {
        let file = name.hasSuffix(".missing") ? String(name.dropLast(".missing".count)) : name
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
        let ext = file[file.index(after: dot)...]
        return extensions.contains(String(ext)) || ext == "img" ? String(file[..<dot]) : nil
    }

    static func missingMarker(_ file: CachePath) -> CachePath {
        CachePath(file.folder + [file.parts.last! + ".missing"]) ?? file
    }
}
