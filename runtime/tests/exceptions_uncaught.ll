; An exception that passes a cleanup and a non-matching catch and is then caught by nothing:
; both pads must run before the traceback (like CPython's finally blocks).

%str = type { i64, ptr }

@msg = private constant [15 x i8] c"invalid literal"
@type_name = private constant [11 x i8] c"ValueError\00"
@file = private constant [9 x i8] c"prog.py\00\00"
@func = private constant [9 x i8] c"<module>\00"
@cleanup_text = private constant [12 x i8] c"cleanup ran\0A"
@mismatch_text = private constant [17 x i8] c"except KeyError?\0A"

declare void @seq_throw(ptr, i64, ptr, ptr, i64, ptr)
declare void @seq_write(i32, i64, ptr)
declare ptr @seq_alloc(i64)
declare i32 @seq_personality(...)

define void @raise() noinline {
  %obj = call ptr @seq_alloc(i64 16)
  store i64 15, ptr %obj
  %ptr = getelementptr %str, ptr %obj, i32 0, i32 1
  store ptr @msg, ptr %ptr
  call void @seq_throw(ptr %obj, i64 5, ptr @type_name, ptr @file, i64 12, ptr @func)
  unreachable
}

define void @inner() noinline personality ptr @seq_personality {
  invoke void @raise() to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @seq_write(i32 1, i64 12, ptr @cleanup_text)
  resume { ptr, i32 } %lp
}

define void @run() noinline personality ptr @seq_personality {
  invoke void @inner() to label %done unwind label %pad
done:
  ret void
pad:
  ; `cleanup` as well: without it LLVM deletes the `resume` (a catch-only pad is assumed to
  ; be entered only when its clause matched)
  %lp = landingpad { ptr, i32 } cleanup catch ptr null
  call void @seq_write(i32 1, i64 17, ptr @mismatch_text)
  resume { ptr, i32 } %lp
}
