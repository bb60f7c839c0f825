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
