import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing bytes to a file descriptor to the end: `write(2)` may take fewer bytes than given,
/// and may be interrupted by a signal before taking any. For the package's own modules (the
/// recorder's file sink, the inspector's standard output and reports), not for apps.
package enum FileDescriptorWrite {
    /// Writes all of `bytes` to `descriptor`.
    ///
    /// - Returns: How many bytes were written, and the `errno` of the write that failed (a
    ///   full disk, a closed pipe when SIGPIPE is ignored), after which nothing more was
    ///   written; `nil` when all was.
    package static func all(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32
    ) -> (written: Int, failure: Int32?) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return (offset, errno)
            }
            offset += written
        }
        return (offset, nil)
    }

    /// Writes all of `bytes` to a file opened to be written whole, then closes it.
    ///
    /// - Returns: The `errno` of the write that failed, else of the close: some file systems
    ///   (NFS, a full disk with delayed allocation) report a failed write only then. After
    ///   EINTR the descriptor is closed all the same. `nil` when all went well.
    package static func allAndClose(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        let failure = all(bytes, to: descriptor).failure
        if close(descriptor) != 0, errno != EINTR, failure == nil { return errno }
        return failure
    }
}
