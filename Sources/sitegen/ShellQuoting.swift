extension String {
    /// The string as a POSIX shell reads it back as one word, for a command line printed to be
    /// pasted ("cd 'my site'"): left bare when every character is one no shell gives a meaning
    /// to, else in single quotes, inside which only the quote itself needs writing out ('\'').
    var shellQuoted: String {
        let plain = !isEmpty && unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                || "._/-".unicodeScalars.contains(scalar))
        }
        return plain ? self : "'" + replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
