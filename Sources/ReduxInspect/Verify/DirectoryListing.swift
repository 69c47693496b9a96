#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names a directory holds, read with `opendir`, so that a directory that cannot be read
/// says why (`Permission denied`) instead of looking empty.
enum DirectoryListing {
    /// The names in `directory`, without `.` and `..`, in the order the file system gives.
    ///
    /// - Throws: ``RecordingError`` of kind `.unreadable` when the directory cannot be opened
    ///   or read to its end.
    static func names(in directory: String) throws(RecordingError) -> [String] {
        guard let stream = opendir(directory) else { throw cannotRead(directory, code: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            // `readdir` returns nil both at the end and on an error; only errno tells them apart.
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw cannotRead(directory, code: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// The error for a directory that cannot be listed or searched.
    static func cannotRead(_ directory: String, code: Int32) -> RecordingError {
        RecordingError(.unreadable, path: directory, message: "cannot read the directory: \(String(cString: strerror(code)))")
    }
}
