-- Searches as readers type them: one or two word beginnings, folded or not, the first pages.
local words = { "silent", "riv", "bront", "garcia", "cafe", "caf%C3%A9", "ang", "library sea", "tolstoy winter", "fiction", "penguin",
                "the golden", "mull", "glacier", "zoe", "o%27brien", "science fic", "saramago", "hidden orchard", "comet" }
local statuses = { "", "", "", "&status=on-loan", "&status=available" }
math.randomseed(os.time())
request = function()
  local word = words[math.random(#words)]:gsub(" ", "+")
  local page = math.random(3)
  return wrk.format("GET", "/library?search=" .. word .. statuses[math.random(#statuses)] .. "&page=" .. page)
end
