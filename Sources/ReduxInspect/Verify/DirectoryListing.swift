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
    /// What a directory holds.
    struct Names {
        /// The names, without `.` and `..`, in the order the file system gives.
        var names: [String] = []
        /// Names that are not UTF-8, shown with U+FFFD where their bytes do not decode: a path
        /// made of them would name another file, so they cannot be opened by it.
        var undecodable: [String] = []
    }

    /// The names in `directory`.
    ///
    /// - Throws: ``RecordingError`` of kind `.unreadable` when the directory cannot be opened
    ///   or read to its end.
    static func names(in directory: String) throws(RecordingError) -> Names {
        guard let stream = opendir(directory) else { throw cannotRead(directory, code: errno) }
        defer { closedir(stream) }
        var found = Names()
        // `d_name` is read up to its NUL through a pointer: the record `readdir` returns may
        // end before the whole array its type declares.
        let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name)!
        while true {
            // `readdir` returns nil both at the end and on an error; only errno tells them apart.
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw cannotRead(directory, code: errno) }
                return found
            }
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if let decoded = String(validatingCString: name) {
                if decoded != "." && decoded != ".." { found.names.append(decoded) }
            } else {
                found.undecodable.append(String(cString: name))
            }
        }
    }

    /// The error for a directory that cannot be listed.
    static func cannotRead(_ directory: String, code: Int32) -> RecordingError {
        RecordingError(.unreadable, path: directory, message: "cannot read the directory: \(String(cString: strerror(code)))")
    }

    /// The error for a directory that can be listed but whose entries cannot be reached (`r`
    /// without `x`).
    static func cannotSearch(_ directory: String, code: Int32) -> RecordingError {
        RecordingError(.unreadable, path: directory, message: "cannot search the directory: \(String(cString: strerror(code)))")
    }

    /// The error for a name that is not UTF-8.
    static func undecodableName(_ path: String) -> RecordingError {
        RecordingError(.unreadable, path: path, message: "the name is not UTF-8, so it cannot be opened; rename it to verify it")
    }
}
