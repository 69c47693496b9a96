extension JSONParser {
    /// The parse of one input: the bytes, a cursor into them, and buffers reused while parsing.
    ///
    /// Containers are parsed with explicit stacks instead of recursion, so no input can
    /// overflow the call stack. Finished elements and keys wait on flat stacks and move into
    /// their container when it closes, so each container is allocated once, at its final size.
    struct Reader {
        /// The input.
        let bytes: UnsafeBufferPointer<UInt8>
        /// The limits in force.
        let options: Options
        /// The offset of the next byte to read.
        var index = 0
        /// Decoded bytes of the current string when it holds escapes; reused across strings.
        var scratch: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>, options: Options) {
            self.bytes = bytes
            self.options = options
        }

        /// One open array or object.
        private struct Frame {
            let isObject: Bool
            /// Where this container's elements start on the value stack.
            let valueStart: Int
            /// Where this object's keys start on the key stack.
            let keyStart: Int
        }

        /// Reads the whole input as one value surrounded by optional white space.
        mutating func readDocument() throws(JSONParseError) -> JSONValue {
            guard bytes.count <= options.maximumLength else {
                throw failure(.tooLong(limit: options.maximumLength), at: max(0, options.maximumLength))
            }
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                throw failure(.byteOrderMark, at: 0)
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure(.emptyInput, at: index) }
            let value = try readValue()
            skipWhitespace()
            guard index == bytes.count else { throw failure(.unexpectedTextAfterValue, at: index) }
            return value
        }

        /// Reads the value starting at `index`, which is not white space.
        private mutating func readValue() throws(JSONParseError) -> JSONValue {
            var frames: [Frame] = []
            var values: [JSONValue] = []
            var keys: [String] = []
            nextValue: while true {
                var value: JSONValue
                guard index < bytes.count else { throw failure(.unexpectedEndOfInput(expected: .value), at: index) }
                switch bytes[index] {
                case UInt8(ascii: "\""): value = .string(try readString())
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = .number(try readNumber())
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    guard frames.count < options.maximumDepth else {
                        throw failure(.tooDeep(limit: options.maximumDepth), at: index)
                    }
                    index += 1
                    skipWhitespace()
                    if index < bytes.count
                        && bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    {
                        index += 1
                        value = isObject ? .object(JSONObject()) : .array([])
                    } else {
                        frames.append(
                            Frame(isObject: isObject, valueStart: values.count, keyStart: keys.count))
                        if isObject { keys.append(try readKey()) }
                        continue nextValue
                    }
                case UInt8(ascii: "t"):
                    try readLiteral("true")
                    value = .bool(true)
                case UInt8(ascii: "f"):
                    try readLiteral("false")
                    value = .bool(false)
                case UInt8(ascii: "n"):
                    try readLiteral("null")
                    value = .null
                default: throw failure(.expectedValue(found: bytes[index]), at: index)
                }
                // The value is complete: add it to its container, and close every container
                // that it completes.
                while let frame = frames.last {
                    values.append(value)
                    skipWhitespace()
                    guard index < bytes.count else {
                        throw failure(
                            .unexpectedEndOfInput(expected: frame.isObject ? .commaOrObjectEnd : .commaOrArrayEnd), at: index)
                    }
                    let close = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        let comma = index
                        index += 1
                        skipWhitespace()
                        if index < bytes.count && bytes[index] == close {
                            throw failure(.trailingComma, at: comma)
                        }
                        if frame.isObject { keys.append(try readKey()) }
                        continue nextValue
                    case close:
                        index += 1
                        frames.removeLast()
                        value =
                            frame.isObject
                            ? .object(Self.popObject(&values, &keys, frame))
                            : .array(Self.popArray(&values, from: frame.valueStart))
                    default:
                        throw failure(
                            frame.isObject ? .expectedCommaOrObjectEnd : .expectedCommaOrArrayEnd, at: index)
                    }
                }
                return value
            }
        }

        /// Reads an object key, the `:` after it and the white space around both.
        private mutating func readKey() throws(JSONParseError) -> String {
            guard index < bytes.count else { throw failure(.unexpectedEndOfInput(expected: .objectKey), at: index) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw failure(.expectedObjectKey, at: index) }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count else { throw failure(.unexpectedEndOfInput(expected: .colon), at: index) }
            guard bytes[index] == UInt8(ascii: ":") else { throw failure(.expectedColon, at: index) }
            index += 1
            skipWhitespace()
            return key
        }

        /// Moves the elements from `start` on off the stack into a new array.
        ///
        /// Moving instead of copying saves a retain and a release per element. The moved-from
        /// slots get `.null`, which costs nothing to destroy. (`reserveCapacity` and `append`
        /// rather than `init(unsafeUninitializedCapacity:)`, which is not specialized and looks
        /// up type metadata on every call.)
        private static func popArray(_ values: inout [JSONValue], from start: Int) -> [JSONValue] {
            let count = values.count - start
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            values.withUnsafeMutableBufferPointer { stack in
                let source = stack.baseAddress! + start
                for offset in 0..<count { array.append((source + offset).move()) }
                source.initialize(repeating: .null, count: count)
            }
            values.removeSubrange(start...)
            return array
        }

        /// Moves the members of the object `frame` off the stacks into a new object.
        private static func popObject(_ values: inout [JSONValue], _ keys: inout [String], _ frame: Frame)
            -> JSONObject
        {
            let count = values.count - frame.valueStart
            var members: [JSONObject.Element] = []
            members.reserveCapacity(count)
            values.withUnsafeMutableBufferPointer { valueStack in
                keys.withUnsafeMutableBufferPointer { keyStack in
                    let valueSource = valueStack.baseAddress! + frame.valueStart
                    let keySource = keyStack.baseAddress! + frame.keyStart
                    for offset in 0..<count {
                        members.append(((keySource + offset).move(), (valueSource + offset).move()))
                    }
                    valueSource.initialize(repeating: .null, count: count)
                    keySource.initialize(repeating: "", count: count)
                }
            }
            values.removeSubrange(frame.valueStart...)
            keys.removeSubrange(frame.keyStart...)
            return JSONObject(members)
        }

        /// Advances past space, tab, line feed and carriage return.
        @inline(__always)
        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
                default: return
                }
            }
        }

        /// Reads `literal`, whose first byte is at `index`.
        private mutating func readLiteral(_ literal: StaticString) throws(JSONParseError) {
            let start = index
            for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
                guard index < bytes.count else {
                    throw failure(.unexpectedEndOfInput(expected: .literal(literal.description)), at: index)
                }
                guard bytes[index] == expected else {
                    throw failure(.invalidLiteral(expected: literal.description), at: start)
                }
                index += 1
            }
        }

        /// The error for `reason` at `offset`.
        ///
        /// A byte from 0x80 up outside a string is always an error, and when it is not valid
        /// UTF-8 that is the more useful thing to say: a Latin-1 file then reads "invalid UTF-8"
        /// wherever its first accented letter is.
        func failure(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
            if offset < bytes.count && bytes[offset] >= 0x80, let problem = utf8Problem(at: offset) {
                return JSONParseError(problem, at: offset, in: bytes)
            }
            return JSONParseError(reason, at: offset, in: bytes)
        }
    }
}
