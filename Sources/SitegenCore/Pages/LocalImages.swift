/// The copies of Last.fm's album covers, artist pictures and listener avatars that `sitegen
/// fetch` keeps in `Content/static/images/lastfm/<kind>/<stem>.<ext>`, where the stem names the
/// cached answer that links the image: an album.getInfo or artist.getInfo file without ".json",
/// or the listener folder whose user.json it is (kind "users").
/// static/ is published as it is, so a copy is at `images/lastfm/<kind>/<file>` in the site.
///
/// A section lists its kind's folder once when it loads (no stat per page); a page then shows
/// the copy when there is one and Last.fm's URL otherwise. A page whose model is made eagerly
/// holds the choice in its model; a lazy one lists `input(stem)`: either way a copy that arrives
/// or goes re-renders exactly the pages that show it, so an incremental build equals a clean
/// one. The section lists `contentFolder(kind)` among its input folders for the same reason.
public struct LocalImages: Sendable {
    /// The folder of the copies under Content/, as path components.
    public static let folder = ["static", "images", "lastfm"]
    /// The types a copy may have. Anything else in the folder is no copy: fetch's `.img` (a
    /// link without a known type, which a server could not label) and its `<file>.missing` markers.
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp"]

    /// Whether a file under Content/ (a path like "static/images/lastfm/albums/x.jpg.missing")
    /// is fetch's record of an image the host did not have: the build's business, not the site's,
    /// so it is not published with the rest of static/.
    public static func isMissingMarker(_ contentPath: String) -> Bool {
        contentPath.hasPrefix(folder.joined(separator: "/") + "/") && contentPath.hasSuffix(".missing")
    }

    /// "albums", "artists" or "users".
    public let kind: String
    /// The file name of each stem's copy.
    private let files: [String: String]

    /// From the names in the kind's folder. Where two copies share a stem (a.jpg, a.png), the
    /// first by name wins; a name that is not a plain, safe path segment is not used.
    public init(kind: String, names: [String]) {
        self.kind = kind
        var files: [String: String] = [:]
        for name in names.sorted() where Slug.segment(name) == name {
            guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex,
                  Self.extensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
            let stem = String(name[..<dot])
            if files[stem] == nil { files[stem] = name }
        }
        self.files = files
    }

    /// The copies of one kind, from one listing of its folder.
    public static func load(kind: String, context: LoadContext) -> LocalImages {
        let folder = contentFolder(kind)
        return LocalImages(kind: kind, names: context.files(in: folder, suffix: "").map { String($0.dropFirst(folder.count + 1)) })
    }

    /// "static/images/lastfm/albums": the folder under Content/.
    public static func contentFolder(_ kind: String) -> String { (folder + [kind]).joined(separator: "/") }

    /// The image to show for the answer `stem` whose image Last.fm has at `remote`.
    public func source(stem: String, remote: String) -> ImageSource {
        guard let file = files[stem] else { return ImageSource(src: remote, local: false) }
        return ImageSource(src: (Self.folder.dropFirst() + [kind, file]).joined(separator: "/"), local: true)
    }

    /// What a page that shows the image of `stem` depends on: which copy there is, if any.
    public func input(stem: String) -> Dependency {
        .derived("image:\(kind)/\(stem)", fingerprint: files[stem] ?? "")
    }
}

/// An image for a view model: the site's own copy or the remote original.
public struct ImageSource: Sendable, Hashable {
    /// A path from the site's root ("images/lastfm/albums/a.png") when `local`, which templates
    /// write after `{{root}}` like every link in the site; else the remote absolute URL.
    public let src: String
    public let local: Bool

    public init(src: String, local: Bool) {
        self.src = src
        self.local = local
    }

    /// As an absolute URL, for share images and structured data.
    public func absolute(_ config: SiteConfig) -> String { local ? config.baseURL + src : src }
}
